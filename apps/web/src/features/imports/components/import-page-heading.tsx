import type { ReactNode } from "react";
import { UpgradeRequired } from "../../../components/upgrade-required";

/** The document title, heading and introduction of an import page. */
export function ImportPageHeading({
  title,
  heading,
  children,
}: {
  title: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <>
      <title>{title}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
        <p className="mt-1 text-sm text-slate-600">{children}</p>
      </div>
    </>
  );
}

/** An import of the plan feature bulkImportExport, shown to an account whose plan lacks it. */
export function ImportUpgradeRequired({ title, heading }: { title: string; heading: string }) {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <title>{title}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
      <UpgradeRequired feature="Massenimport und -export" />
    </div>
  );
}
