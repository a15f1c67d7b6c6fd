import type {
  Allocation,
  OccupancyStretch,
  StatementBasis,
  TenancyStatement,
  VacancyStatement,
} from "@nk/engine";
import { compareDecimalText, formatCountDe, formatEuroDe } from "@nk/contract";
import { formatDate } from "../../../lib/format";
import type { PreviewNames } from "../lib/names";
import { describeOccupancy } from "../lib/occupancy-text";
import { AllocationBasis } from "./allocation-basis";
import { BalanceAmount } from "./balance-amount";

interface AllocationTableProps {
  allocations: Allocation[];
  /** The line the allocations belong to: its position finds the figures in the basis. */
  line: { position?: number; occupancy?: OccupancyStretch[] };
  basis: StatementBasis | null | undefined;
  caption: string;
}

function AllocationTable({ allocations, line, basis, caption }: AllocationTableProps) {
  return (
    <table className="w-full text-sm" aria-label={caption}>
      <thead className="sr-only">
        <tr>
          <th scope="col">Kostenart und Berechnung</th>
          <th scope="col">Betrag</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {allocations.map((allocation) => (
          <tr key={allocation.costType} className="align-top">
            <td className="py-2 pr-3">
              <p className="font-medium text-slate-900">{allocation.costType}</p>
              <AllocationBasis allocation={allocation} line={line} basis={basis} />
            </td>
            <td className="whitespace-nowrap py-2 text-right font-medium tabular-nums">
              {formatEuroDe(allocation.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One tenancy's statement: allocations step by step, § 35a amounts, prepayments, balance. */
export function TenancyDetails({
  tenancy,
  basis,
  names,
}: {
  tenancy: TenancyStatement;
  basis: StatementBasis | null | undefined;
  names: PreviewNames;
}) {
  const tenantName = names.tenant(tenancy.tenancyId);
  const tax = tenancy.taxDeductible;
  // Snapshots saved before contract v1.1 have no taxDeductible.
  const hasTax =
    Boolean(tax) &&
    (compareDecimalText(tax.householdServices, "0") !== 0 ||
      compareDecimalText(tax.craftsmen, "0") !== 0);
  return (
    <article
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`Abrechnung ${tenantName}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 className="font-semibold text-slate-900">
          {tenantName}{" "}
          <span className="font-normal text-slate-500">· {names.unit(tenancy.unitId)}</span>
        </h4>
        <p className="text-xs text-slate-500">
          {formatDate(tenancy.from)} – {formatDate(tenancy.to)} ·{" "}
          {formatCountDe(tenancy.days, "Tag", "Tage")} ·{" "}
          {describeOccupancy(tenancy.occupancy, tenancy.persons)}
        </p>
      </header>
      <AllocationTable
        allocations={tenancy.allocations}
        line={tenancy}
        basis={basis}
        caption={`Kostenanteile ${tenantName}`}
      />
      <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="font-medium text-slate-900">Kostenanteil gesamt</dt>
          <dd className="font-semibold tabular-nums">{formatEuroDe(tenancy.total)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Vorauszahlungen</dt>
          <dd className="tabular-nums">− {formatEuroDe(tenancy.prepayments)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="sr-only">Ergebnis</dt>
          <dd className="ml-auto">
            <BalanceAmount balance={tenancy.balance} />
          </dd>
        </div>
      </dl>
      {hasTax ? (
        <p className="rounded-md bg-slate-50 p-2 text-xs text-slate-600">
          § 35a EStG: haushaltsnahe Dienstleistungen {formatEuroDe(tax.householdServices)},
          Handwerkerleistungen {formatEuroDe(tax.craftsmen)}
        </p>
      ) : null}
    </article>
  );
}

/** A vacancy line the landlord bears (docs/rules/tenancies-and-keys.md#who-bears-what). */
export function VacancyDetails({
  vacancy,
  basis,
  names,
}: {
  vacancy: VacancyStatement;
  basis: StatementBasis | null | undefined;
  names: PreviewNames;
}) {
  const caption = `Leerstand ${names.unit(vacancy.unitId)}`;
  return (
    <article
      className="space-y-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4"
      aria-label={caption}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 className="font-semibold text-slate-900">
          Leerstand (Vermieter){" "}
          <span className="font-normal text-slate-500">· {names.unit(vacancy.unitId)}</span>
        </h4>
        <p className="text-xs text-slate-500">
          {formatDate(vacancy.from)} – {formatDate(vacancy.to)} ·{" "}
          {formatCountDe(vacancy.days, "Tag", "Tage")}
        </p>
      </header>
      <AllocationTable
        allocations={vacancy.allocations}
        line={vacancy}
        basis={basis}
        caption={caption}
      />
      <p className="flex justify-between border-t border-slate-200 pt-2 text-sm font-medium">
        <span>Vermieteranteil</span>
        <span className="tabular-nums">{formatEuroDe(vacancy.total)}</span>
      </p>
    </article>
  );
}
