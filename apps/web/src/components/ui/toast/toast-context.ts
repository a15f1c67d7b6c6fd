import { createContext, useContext } from "react";

export type ToastType = "success" | "error" | "warning" | "info";

/** Default display time (docs/rules/master-data.md#timing-and-paging). */
export const TOAST_DURATION_MS = 4000;

export interface ToastOptions {
  /** Milliseconds until the toast closes; 0 keeps it until dismissed. Default 4000. */
  durationMs?: number;
  title?: string;
}

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  title?: string;
  durationMs: number;
}

export interface ToastApi {
  show: (type: ToastType, message: string, options?: ToastOptions) => number;
  success: (message: string, options?: ToastOptions) => number;
  error: (message: string, options?: ToastOptions) => number;
  warning: (message: string, options?: ToastOptions) => number;
  info: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** `const toast = useToast(); toast.success("Gespeichert");` */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
