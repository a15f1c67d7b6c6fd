import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useToast } from "./toast-context";
import { readNavigationToast } from "./navigation-toast";

/**
 * Shows a toast passed through the navigation state (see `withToast`) once, then removes it
 * from the history entry so Back or a reload do not show it again.
 */
export function NavigationToastListener() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const handledKeys = useRef(new Set<string>());

  useEffect(() => {
    const pending = readNavigationToast(location.state);
    if (!pending || handledKeys.current.has(location.key)) return;
    handledKeys.current.add(location.key);
    toast.show(pending.type, pending.message);
    const { toast: _toast, ...rest } = location.state as Record<string, unknown>;
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length > 0 ? rest : null,
    });
  }, [location, navigate, toast]);

  return null;
}
