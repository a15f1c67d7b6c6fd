import type { ReactNode } from "react";
import { Link } from "react-router";
import { Building, MousePointerClick, Plus, WandSparkles } from "lucide-react";
import { formatCountDe } from "@nk/contract";
import { LimitReachedDialog } from "../../../components/limit-reached";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { PropertyDetails } from "../components/property-details";
import { PropertyList } from "../components/property-list";
import { UnitFormDialog } from "../components/unit-form-dialog";
import { usePropertiesPage } from "../lib/use-properties-page";

/** /dashboard/properties (docs/rules/master-data.md#screens 'Properties', docs/rules/master-data.md#states 'Properties screen'); state in usePropertiesPage. */
export function PropertiesPage() {
  const page = usePropertiesPage();
  const { properties, list, selected, unitDialog, propertyDeletion, unitDeletion, limitInfo } =
    page;

  const header = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Immobilien</h1>
        <p className="mt-1 text-sm text-slate-600">Ihre Immobilien und Wohneinheiten.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {page.isEditor ? (
          <>
            <Link to="/onboarding" className={buttonStyles({ variant: "outline" })}>
              <WandSparkles className="size-4" aria-hidden="true" />
              Einrichtungsassistent
            </Link>
            <Button disabled={!page.isSignedIn} onClick={page.startNewProperty}>
              <Plus className="size-4" aria-hidden="true" />
              Neue Immobilie
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );

  let content: ReactNode;
  if (properties.isPending) {
    content = <LoadingState text="Lade Immobilien..." />;
  } else if (properties.isError) {
    content = (
      <Alert
        variant="error"
        title="Fehler beim Laden"
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => void properties.refetch()}
            isBusy={properties.isFetching}
          >
            Erneut versuchen
          </Button>
        }
      >
        {getErrorMessage(properties.error)}
      </Alert>
    );
  } else if (list.length === 0) {
    content = (
      <EmptyState
        icon={Building}
        title="Noch keine Immobilien"
        description="Legen Sie Ihre erste Immobilie an: mit dem Einrichtungsassistenten samt Wohneinheiten, oder manuell."
        action={
          <>
            <Link to="/onboarding" className={buttonStyles()}>
              <WandSparkles className="size-4" aria-hidden="true" />
              Einrichtungsassistent starten
            </Link>
            <Button variant="outline" disabled={!page.isSignedIn} onClick={page.startNewProperty}>
              Immobilie manuell anlegen
            </Button>
          </>
        }
      />
    );
  } else {
    content = (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <PropertyList properties={list} selectedId={selected?.id} onSelect={page.select} />
        {selected ? (
          <PropertyDetails
            property={selected}
            canAddUnit={page.isSignedIn}
            onAddUnit={unitDialog.openNew}
            onEditUnit={unitDialog.openEdit}
            onDeleteUnit={unitDeletion.ask}
            onDelete={() => propertyDeletion.setIsOpen(true)}
          />
        ) : (
          <EmptyState
            icon={MousePointerClick}
            title="Keine Immobilie ausgewählt"
            description="Wählen Sie links eine Immobilie aus."
          />
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <title>Immobilien – Nebenkosten</title>
      {header}
      {page.successMessage ? (
        <Alert
          variant="success"
          action={
            <Button size="sm" variant="ghost" onClick={page.hideSuccessMessage}>
              Ausblenden
            </Button>
          }
        >
          {page.successMessage}
        </Alert>
      ) : null}
      {content}

      {selected ? (
        <>
          <UnitFormDialog
            isOpen={unitDialog.isOpen}
            onOpenChange={unitDialog.setIsOpen}
            propertyId={selected.id}
            unit={unitDialog.unit}
          />
          <ConfirmDialog
            isOpen={propertyDeletion.isOpen}
            onOpenChange={propertyDeletion.setIsOpen}
            title="Immobilie löschen"
            description={`Sind Sie sicher, dass Sie die Immobilie „${selected.name}“ löschen möchten? Ihre ${formatCountDe(selected.unitCount, "Wohneinheit", "Wohneinheiten")} mit Mietern und Zählern werden ebenfalls gelöscht.`}
            confirmLabel="Löschen"
            busyLabel="Lösche..."
            isDestructive
            isBusy={propertyDeletion.isBusy}
            onConfirm={propertyDeletion.confirm}
          />
        </>
      ) : null}
      <ConfirmDialog
        isOpen={unitDeletion.unit !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : unitDeletion.cancel())}
        title="Wohneinheit löschen"
        description={`Sind Sie sicher, dass Sie die Wohneinheit „${unitDeletion.unit?.name ?? ""}“ löschen möchten?`}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={unitDeletion.isBusy}
        onConfirm={unitDeletion.confirm}
      />
      <LimitReachedDialog
        isOpen={limitInfo !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : page.clearLimitInfo())}
        title={limitInfo?.title}
        message={limitInfo?.message ?? ""}
        resource={limitInfo?.resource}
      />
    </div>
  );
}
