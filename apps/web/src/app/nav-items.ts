import { Building2, FilePlus2, Gauge, LayoutDashboard, WandSparkles, Users, Zap, type LucideIcon } from "lucide-react";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on exactly this path (for /dashboard itself). */
  isExactMatch?: boolean;
}

/**
 * The dashboard side menu. Add an entry only when its page exists, at its place in this order
 * (specification part 1, section 2 'Dashboard layout'; suggested lucide icons in brackets):
 *
 *   Übersicht           /dashboard                      (LayoutDashboard)   <- present
 *   Immobilien          /dashboard/properties           (Building2)
 *   Einrichtungsassistent /onboarding                   (WandSparkles)
 *   Neue Abrechnung     /dashboard/statements/new       (FilePlus2)
 *   Abrechnungen        /dashboard/statements           (FileText)
 *   Zähler              /dashboard/meters               (Gauge)
 *   Mieter              /dashboard/tenants              (Users)
 *   Aktivitätsverlauf   /dashboard/activity             (Activity)
 *   Versorgertarife     /dashboard/rates                (Zap)
 *   Einstellungen       /dashboard/settings             (Settings)
 *   Hilfe               /dashboard/help                 (CircleHelp)
 */
export const NAV_ITEMS: NavItem[] = [
  { label: "Übersicht", to: "/dashboard", icon: LayoutDashboard, isExactMatch: true },
  { label: "Immobilien", to: "/dashboard/properties", icon: Building2 },
  { label: "Einrichtungsassistent", to: "/onboarding", icon: WandSparkles },
  { label: "Neue Abrechnung", to: "/dashboard/statements/new", icon: FilePlus2 },
  { label: "Zähler", to: "/dashboard/meters", icon: Gauge },
  { label: "Mieter", to: "/dashboard/tenants", icon: Users },
  { label: "Versorgertarife", to: "/dashboard/rates", icon: Zap },
];
