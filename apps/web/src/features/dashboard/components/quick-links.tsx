import { Link } from "react-router";
import {
  Building2,
  CircleHelp,
  FilePlus2,
  Gauge,
  WandSparkles,
  type LucideIcon,
} from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

interface QuickLink {
  label: string;
  to: string;
  icon: LucideIcon;
}

// docs/rules/master-data.md#screens 'Dashboard overview'.
const QUICK_LINKS: QuickLink[] = [
  { label: "Neue Immobilie", to: "/dashboard/properties/new", icon: Building2 },
  { label: "Einrichtungsassistent", to: "/onboarding", icon: WandSparkles },
  { label: "Neue Abrechnung", to: "/dashboard/statements/new", icon: FilePlus2 },
  { label: "Zählerstände", to: "/dashboard/quick-meter-readings", icon: Gauge },
  { label: "Hilfe", to: "/dashboard/help", icon: CircleHelp },
];

export function QuickLinks() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Schnellzugriff</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-1">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-700 hover:border-brand-200 hover:bg-brand-50 hover:text-brand-800"
              >
                <link.icon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
