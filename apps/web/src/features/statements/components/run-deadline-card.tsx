import { useState } from "react";
import { DISPATCH_MESSAGES, lateExcuseSchema, type RunDispatch } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { TextareaField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { useSetLateExcuse } from "../api";
import { DeadlineNotice } from "./deadline-notice";
import { DocumentError } from "./document-error";

/**
 * The run's § 556 (3) BGB deadline (issue 24, item 1): in time, the day the letters must reach
 * the tenants; past it, what that means for back-payments, and the landlord's reason why the
 * delay is not his fault, which letters sent from now on print (letters already sent keep theirs).
 */
export function RunDeadlineCard({ runId, dispatch }: { runId: string; dispatch: RunDispatch }) {
  const toast = useToast();
  const save = useSetLateExcuse(runId);
  const [text, setText] = useState(dispatch.lateExcuse ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  async function submit(reason: string | null) {
    setFailure(null);
    const parsed = lateExcuseSchema.safeParse(reason);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    try {
      const answer = await save.mutateAsync(parsed.data);
      setText(answer.lateExcuse ?? "");
      toast.success(answer.message);
    } catch (error) {
      setFailure(error);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{DISPATCH_MESSAGES.deadlineTitle}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <DeadlineNotice deadline={dispatch.deadline} isPast={dispatch.isPastDeadline} />
        {dispatch.isPastDeadline ? (
          <>
            <TextareaField
              label={DISPATCH_MESSAGES.excuseLabel}
              hint={DISPATCH_MESSAGES.excuseHint}
              rows={3}
              value={text}
              error={fieldError ?? undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {failure ? <DocumentError title="Speichern fehlgeschlagen" error={failure} /> : null}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                variant="primary"
                isBusy={save.isPending}
                busyText="Speichere..."
                onClick={() => void submit(text)}
              >
                Begründung speichern
              </Button>
              {dispatch.lateExcuse ? (
                <Button
                  variant="outline"
                  disabled={save.isPending}
                  onClick={() => void submit(null)}
                >
                  Begründung entfernen
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
