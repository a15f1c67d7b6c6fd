// Where the toasts appear (decisions 0986, 0987 and 1002): at the bottom left (full width on
// phones), unless the control the user just pressed lies where they would appear: then at the
// top, below the header. On a phone a form's save button is often at the bottom of the screen
// ('Abrechnungsdaten speichern', issue 23), and a toast must never cover it.

export type ToastPlacement = "bottom" | "top";

/** How high the bottom stack may grow: three toasts of a few lines each. */
const TOAST_AREA_HEIGHT_PX = 220;
/** The stack's width from sm on (w-96 plus its padding). */
const DESKTOP_AREA_WIDTH_PX = 24 * 16 + 16;
const PHONE_MAX_WIDTH_PX = 640;

let lastUsed: Element | null = null;

/** Remembers the control the user last pressed or focused (a save button is often disabled, and so unfocused, by the time its toast comes). */
export function rememberUsedControl(target: EventTarget | null): void {
  if (target instanceof Element)
    lastUsed = target.closest("button, a, input, select, textarea, [role='button']") ?? target;
}

function readToastOffset(): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue("--toast-offset");
  return Number.parseFloat(value) || 0;
}

/** Bottom, unless the control last used lies in the bottom stack's area. */
export function chooseToastPlacement(): ToastPlacement {
  const control = lastUsed?.isConnected ? lastUsed : null;
  if (!control) return "bottom";
  const box = control.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return "bottom";
  const areaTop = window.innerHeight - readToastOffset() - TOAST_AREA_HEIGHT_PX;
  const areaRight =
    window.innerWidth < PHONE_MAX_WIDTH_PX ? window.innerWidth : DESKTOP_AREA_WIDTH_PX;
  return box.bottom > areaTop && box.top < window.innerHeight && box.left < areaRight
    ? "top"
    : "bottom";
}
