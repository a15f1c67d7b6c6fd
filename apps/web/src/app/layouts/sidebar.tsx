import { NavLink } from "react-router";
import { X } from "lucide-react";
import { BrandLogo } from "../../components/brand-logo";
import { cn } from "../../lib/cn";
import { NAV_ITEMS } from "../nav-items";
import { useMe } from "../../lib/use-me";

export const SIDEBAR_ID = "dashboard-sidebar";

/** The side menu: fixed on large screens, a slide-in panel with an overlay on small ones. */
export function Sidebar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { can } = useMe();
  return (
    <>
      <div
        className={cn(
          "fixed inset-0 z-30 bg-slate-900/50 lg:hidden",
          isOpen ? "block animate-fade-in" : "hidden",
        )}
        onClick={onClose}
        aria-hidden="true"
        data-testid="sidebar-overlay"
      />
      <aside
        id={SIDEBAR_ID}
        className={cn(
          "fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-slate-200 bg-white transition-[transform,visibility] duration-200 lg:w-64 lg:translate-x-0",
          isOpen ? "translate-x-0" : "max-lg:invisible -translate-x-full",
        )}
        aria-label="Hauptmenü"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-100 px-5">
          <BrandLogo to="/dashboard" />
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100 lg:hidden"
            aria-label="Menü schließen"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <nav className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {NAV_ITEMS.filter((item) => !item.permission || can(item.permission)).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.isExactMatch}
                  onClick={onClose}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                      isActive
                        ? "bg-brand-50 text-brand-800"
                        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                    )
                  }
                >
                  <item.icon className="size-5 shrink-0" aria-hidden="true" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500">
          Support Mo–Fr 9–18 Uhr
        </p>
      </aside>
    </>
  );
}
