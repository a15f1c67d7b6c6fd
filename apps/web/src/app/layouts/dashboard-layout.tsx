import { useEffect, useState } from "react";
import { Outlet } from "react-router";
import { FullPageLoader } from "../../components/ui/spinner";
import { useMe } from "../../lib/use-me";
import { DashboardHeader } from "./dashboard-header";
import { Sidebar } from "./sidebar";

/** The dashboard frame: side menu, header with user, plan and sign-out, and the page. */
export function DashboardLayout() {
  const { me } = useMe();
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  useEffect(() => {
    if (!isMenuOpen) return undefined;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === "Escape") setIsMenuOpen(false);
    }
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [isMenuOpen]);

  // The guard renders this only with a loaded account.
  if (!me) return <FullPageLoader text="Lade..." />;

  return (
    <div className="min-h-dvh bg-slate-50">
      <Sidebar isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      <div className="flex min-h-dvh flex-col lg:pl-64">
        <DashboardHeader
          me={me}
          isMenuOpen={isMenuOpen}
          onMenuToggle={() => setIsMenuOpen((isOpen) => !isOpen)}
        />
        <main className="flex flex-1 flex-col px-4 py-6 sm:px-6 lg:px-8" id="main-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
