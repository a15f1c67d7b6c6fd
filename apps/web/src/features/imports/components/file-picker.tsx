import { useId, type Ref } from "react";
import { Field } from "../../../components/ui/field";
import { buttonStyles } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { formatFileSize } from "../../../lib/read-file-base64";

/** The file field of an import: a German button (the browser's own speaks the browser's language), the chosen file and its size. */
export function FilePicker({
  hint,
  accept,
  error,
  chosen,
  inputRef,
  onChoose,
}: {
  hint: string;
  accept: string;
  error: string | null;
  chosen: { name: string; size: number } | null;
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File | undefined) => void;
}) {
  const id = useId();
  return (
    <Field id={id} label="Datei" hint={hint} error={error ?? undefined}>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          aria-describedby={`${id}-hint`}
          className="peer sr-only"
          onChange={(event) => onChoose(event.target.files?.[0])}
        />
        <label
          htmlFor={id}
          className={cn(
            buttonStyles({ variant: "outline" }),
            "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600",
          )}
        >
          Datei auswählen
        </label>
        <span className="min-w-0 break-all text-sm text-slate-600">
          {chosen ? `${chosen.name} · ${formatFileSize(chosen.size)}` : "Keine Datei ausgewählt"}
        </span>
      </div>
    </Field>
  );
}
