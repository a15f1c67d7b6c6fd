import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "../../lib/cn";

// A page's action bar, stuck to the bottom of the window from tablet width up. Toasts appear at
// the bottom left (decision 0986): while the bar is stuck there, they rise above it instead of
// covering its left button (decision 0987).
const TOAST_OFFSET_PROPERTY = "--toast-offset";
const STUCK_FROM = "(min-width: 640px)";

export function StickyActionBar({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const media = window.matchMedia(STUCK_FROM);
    const update = () => {
      if (media.matches)
        root.style.setProperty(
          TOAST_OFFSET_PROPERTY,
          `${Math.ceil(bar.getBoundingClientRect().height)}px`,
        );
      else root.style.removeProperty(TOAST_OFFSET_PROPERTY);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    media.addEventListener("change", update);
    return () => {
      observer.disconnect();
      media.removeEventListener("change", update);
      root.style.removeProperty(TOAST_OFFSET_PROPERTY);
    };
  }, []);

  return (
    <div
      ref={ref}
      className={cn(
        "space-y-3 border-t border-slate-200 py-3 sm:sticky sm:bottom-0 sm:z-10 sm:rounded-xl sm:border sm:bg-white/95 sm:px-4 sm:backdrop-blur",
        className,
      )}
    >
      {children}
    </div>
  );
}
