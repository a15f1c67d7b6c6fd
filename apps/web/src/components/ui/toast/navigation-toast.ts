import type { ToastType } from "./toast-context";

/** A toast carried in the navigation state, shown by the page navigated to. */
export interface NavigationToast {
  type: ToastType;
  message: string;
}

export interface NavigationStateWithToast {
  toast?: NavigationToast;
}

/**
 * Navigation state that shows a toast after the navigation:
 * `navigate("/dashboard/properties", { state: withToast("success", "Immobilie erfolgreich erstellt!") })`.
 */
export function withToast(
  type: ToastType,
  message: string,
  state: object = {},
): NavigationStateWithToast {
  return { ...state, toast: { type, message } };
}

export function readNavigationToast(state: unknown): NavigationToast | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const toast = (state as NavigationStateWithToast).toast;
  if (!toast || typeof toast.message !== "string") return undefined;
  return toast;
}
