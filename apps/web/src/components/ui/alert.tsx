import type { ReactNode } from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { cn } from "../../lib/cn";

export type AlertVariant = "error" | "success" | "warning" | "info";

const VARIANTS: Record<
  AlertVariant,
  { icon: typeof Info; className: string; iconClassName: string }
> = {
  error: {
    icon: CircleAlert,
    className: "border-red-200 bg-red-50 text-red-800",
    iconClassName: "text-red-600",
  },
  success: {
    icon: CircleCheck,
    className: "border-emerald-200 bg-emerald-50 text-emerald-800",
    iconClassName: "text-emerald-600",
  },
  warning: {
    icon: TriangleAlert,
    className: "border-amber-200 bg-amber-50 text-amber-900",
    iconClassName: "text-amber-600",
  },
  info: {
    icon: Info,
    className: "border-brand-200 bg-brand-50 text-brand-900",
    iconClassName: "text-brand-600",
  },
};

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links at the end of the banner. */
  action?: ReactNode;
  className?: string;
}

/** A coloured banner; errors are announced (role="alert"). Login errors use the red one. */
export function Alert({ variant = "info", title, children, action, className }: AlertProps) {
  const { icon: Icon, className: variantClassName, iconClassName } = VARIANTS[variant];
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      data-variant={variant}
      className={cn(
        "flex flex-col gap-3 rounded-lg border p-4 text-sm sm:flex-row sm:items-start",
        variantClassName,
        className,
      )}
    >
      <div className="flex flex-1 items-start gap-3">
        <Icon className={cn("mt-0.5 size-5 shrink-0", iconClassName)} aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-1">
          {title ? <p className="font-semibold">{title}</p> : null}
          {children ? <div className="break-words">{children}</div> : null}
        </div>
      </div>
      {action ? <div className="flex shrink-0 gap-2 sm:ml-auto">{action}</div> : null}
    </div>
  );
}
