export { ToastProvider } from "./toast-provider";
export { useToast } from "./toast-context";
export { withToast } from "./navigation-toast";
export { NavigationToastListener } from "./navigation-toast-listener";
