import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";

/** What a confirmed import did, where to go next, and another import. */
export function ImportDone({
  variant,
  title,
  linkTo,
  linkLabel,
  anotherLabel,
  onAnother,
  details,
  children,
}: {
  variant: "success" | "info";
  title: string;
  linkTo: string;
  linkLabel: string;
  anotherLabel: string;
  onAnother: () => void;
  /** Shown between the message and the links. */
  details?: ReactNode;
  /** The message. */
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <Alert variant={variant} title={title}>
        {children}
      </Alert>
      {details}
      <div className="flex flex-wrap gap-3">
        <Link to={linkTo} className={buttonStyles({ variant: "primary" })}>
          {linkLabel}
        </Link>
        <Button variant="outline" onClick={onAnother}>
          {anotherLabel}
        </Button>
      </div>
    </div>
  );
}
