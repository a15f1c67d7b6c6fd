import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "lucide-react";
import { cn } from "../../../lib/cn";
import {
  TOAST_DURATION_MS,
  ToastContext,
  type Toast,
  type ToastApi,
  type ToastOptions,
  type ToastType,
} from "./toast-context";
import { chooseToastPlacement, rememberUsedControl, type ToastPlacement } from "./toast-placement";

const TOAST_STYLES: Record<
  ToastType,
  { icon: typeof Info; className: string; iconClassName: string }
> = {
  success: {
    icon: CircleCheck,
    className: "border-emerald-200",
    iconClassName: "text-emerald-600",
  },
  error: { icon: CircleAlert, className: "border-red-200", iconClassName: "text-red-600" },
  warning: { icon: TriangleAlert, className: "border-amber-200", iconClassName: "text-amber-600" },
  info: { icon: Info, className: "border-brand-200", iconClassName: "text-brand-600" },
};

const MAX_VISIBLE_TOASTS = 3;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { icon: Icon, className, iconClassName } = TOAST_STYLES[toast.type];
  const isUrgent = toast.type === "error" || toast.type === "warning";

  useEffect(() => {
    if (toast.durationMs <= 0) return undefined;
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);

  return (
    <div
      role={isUrgent ? "alert" : "status"}
      aria-live={isUrgent ? "assertive" : "polite"}
      aria-atomic="true"
      data-toast-type={toast.type}
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-lg border bg-white p-4 shadow-lg animate-toast-in",
        className,
      )}
    >
      <Icon className={cn("mt-0.5 size-5 shrink-0", iconClassName)} aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        {toast.title ? <p className="font-semibold text-slate-900">{toast.title}</p> : null}
        <p className="break-words text-slate-700">{toast.message}</p>
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-600"
        aria-label="Meldung schließen"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * Holds the toasts and renders them at the bottom left (full width at the bottom on phones), at
 * most three, newest at the bottom. Not at the top right: there they covered the header's
 * 'Abmelden' and the pages' 'add' buttons for seconds (issue 15, decision 0986). When the control
 * just pressed lies where they would appear, they appear at the top instead (decision 1002).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [placement, setPlacement] = useState<ToastPlacement>("bottom");
  const nextId = useRef(1);
  const isShowingAny = useRef(false);

  useEffect(() => {
    const remember = (event: Event) => rememberUsedControl(event.target);
    document.addEventListener("pointerdown", remember, true);
    document.addEventListener("focusin", remember, true);
    return () => {
      document.removeEventListener("pointerdown", remember, true);
      document.removeEventListener("focusin", remember, true);
    };
  }, []);

  useEffect(() => {
    isShowingAny.current = toasts.length > 0;
  }, [toasts]);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((type: ToastType, message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    const toast: Toast = { id, type, message, durationMs: options.durationMs ?? TOAST_DURATION_MS };
    if (options.title) toast.title = options.title;
    // A stack already showing stays where it is; a new one goes where it covers nothing just used.
    if (!isShowingAny.current) setPlacement(chooseToastPlacement());
    isShowingAny.current = true;
    setToasts((current) => [...current, toast].slice(-MAX_VISIBLE_TOASTS));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, options) => show("success", message, options),
      error: (message, options) => show("error", message, options),
      warning: (message, options) => show("warning", message, options),
      info: (message, options) => show("info", message, options),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        className="pointer-events-none fixed inset-x-0 z-[100] flex flex-col items-stretch gap-2 p-4 sm:right-auto sm:w-96"
        data-toast-placement={placement}
        // Above a page's stuck action bar (StickyActionBar sets the offset; decision 0987), or
        // below the header (4 rem) when the control just used lies at the bottom (decision 1002).
        style={placement === "bottom" ? { bottom: "var(--toast-offset, 0px)" } : { top: "4rem" }}
        // A labelled region (landmark): aria-label on a div without a role is not announced
        // and is refused by axe (aria-prohibited-attr; issue 23).
        role="region"
        aria-label="Benachrichtigungen"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
