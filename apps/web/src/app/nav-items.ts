import type { Permission } from "@nk/contract";
import {
  Activity,
  Building2,
  CalendarClock,
  CircleHelp,
  FilePlus2,
  FileText,
  Gauge,
  LayoutDashboard,
  Settings,
  Thermometer,
  Upload,
  Users,
  WandSparkles,
  Zap,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on exactly this path (for /dashboard itself). */
  isExactMatch?: boolean;
  /** Shown only to a member whose role allows it (issue 29). */
  permission?: Permission;
}

/** The dashboard side menu: every entry of docs/rules/master-data.md#dashboard-layout, in its order. */
export const NAV_ITEMS: NavItem[] = [
  { label: "Übersicht", to: "/dashboard", icon: LayoutDashboard, isExactMatch: true },
  { label: "Immobilien", to: "/dashboard/properties", icon: Building2 },
  {
    label: "Einrichtungsassistent",
    to: "/onboarding",
    icon: WandSparkles,
    permission: "edit_master_data",
  },
  {
    label: "Neue Abrechnung",
    to: "/dashboard/statements/new",
    icon: FilePlus2,
    permission: "create_billing_statement",
  },
  { label: "Abrechnungen", to: "/dashboard/statements", icon: FileText, isExactMatch: true },
  // Issue 30: the § 556 (3) BGB deadlines.
  { label: "Fristen", to: "/dashboard/deadlines", icon: CalendarClock },
  { label: "Importe", to: "/dashboard/imports", icon: Upload },
  { label: "Zähler", to: "/dashboard/meters", icon: Gauge },
  // Issue 30: the § 6a HeizkV monthly consumption information.
  { label: "Verbrauchsinformation", to: "/dashboard/monthly-information", icon: Thermometer },
  { label: "Mieter", to: "/dashboard/tenants", icon: Users },
  { label: "Aktivitätsverlauf", to: "/dashboard/activity", icon: Activity },
  { label: "Versorgertarife", to: "/dashboard/rates", icon: Zap },
  { label: "Einstellungen", to: "/dashboard/settings", icon: Settings },
  { label: "Hilfe", to: "/dashboard/help", icon: CircleHelp },
];
