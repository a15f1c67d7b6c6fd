export { ToastProvider } from "./toast-provider";
export {
  useToast,
  TOAST_DURATION_MS,
  type ToastType,
  type ToastApi,
  type ToastOptions,
} from "./toast-context";
export { withToast, readNavigationToast, type NavigationToast } from "./navigation-toast";
export { NavigationToastListener } from "./navigation-toast-listener";
