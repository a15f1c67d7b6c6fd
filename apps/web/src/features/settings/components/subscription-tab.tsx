import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  PLANS,
  SUBSCRIPTION_MESSAGES,
  describeSubscriptionStatus,
  formatPlanPrice,
  type SelectablePlanKey,
  type SubscriptionResponse,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonStyles } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { formatDate, formatDaysLeft } from "../../../lib/format";
import {
  useCancelSubscription,
  useChangePlan,
  useReactivateSubscription,
  useSubscription,
} from "../api";
import { buildUsageRows } from "../lib/usage-rows";
import { isUpgradePromptDue } from "../../../lib/plan-access";
import { PlanCards } from "./plan-cards";
import { UsageBars } from "./usage-bars";

function TermText({ data }: { data: SubscriptionResponse }) {
  const { subscription } = data;
  if (subscription.plan === "trial") {
    if (subscription.isTrialExpired)
      return <>Die Testphase ist am {formatDate(subscription.trialEndDate)} abgelaufen.</>;
    return (
      <>
        {formatDaysLeft(subscription.daysLeft ?? 0)} – die Testphase endet am{" "}
        {formatDate(subscription.trialEndDate)}.
      </>
    );
  }
  if (subscription.status === "canceled")
    return <>Beendet am {formatDate(subscription.currentPeriodEnd)}.</>;
  if (subscription.cancelAtPeriodEnd)
    return <>Gekündigt – endet am {formatDate(subscription.currentPeriodEnd)}.</>;
  return <>Nächste Verlängerung am {formatDate(subscription.currentPeriodEnd)}.</>;
}

function SubscriptionView({ data }: { data: SubscriptionResponse }) {
  const toast = useToast();
  const changePlan = useChangePlan();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [chosenPlan, setChosenPlan] = useState<SelectablePlanKey | null>(null);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const { subscription } = data;
  const plan = PLANS[subscription.plan];
  const rows = buildUsageRows(data);
  const isPaid = subscription.plan !== "trial";
  const isRunning = subscription.status !== "canceled" && !subscription.cancelAtPeriodEnd;
  const canCancel = isPaid && isRunning;
  const canReactivate =
    isPaid && subscription.cancelAtPeriodEnd && subscription.status !== "canceled";

  const [searchParams] = useSearchParams();
  const checkout = searchParams.get("checkout");
  const isStripe = data.paymentProvider === "stripe";

  async function confirmPlanChange(): Promise<void> {
    if (!chosenPlan) return;
    try {
      const answer = await changePlan.mutateAsync(chosenPlan);
      if (answer.checkoutUrl) {
        // With Stripe: pay on Stripe's page; the plan changes when Stripe confirms the payment.
        toast.info(SUBSCRIPTION_MESSAGES.checkoutStarted);
        window.location.assign(answer.checkoutUrl);
        return;
      }
      toast.success(SUBSCRIPTION_MESSAGES.planChanged(PLANS[chosenPlan].name));
    } catch (error) {
      toast.error(getErrorMessage(error), { title: SUBSCRIPTION_MESSAGES.upgradeFailed });
    } finally {
      setChosenPlan(null);
    }
  }

  async function confirmCancel(): Promise<void> {
    try {
      await cancel.mutateAsync(undefined);
      toast.success(SUBSCRIPTION_MESSAGES.cancelled);
    } catch (error) {
      toast.error(getErrorMessage(error), { title: SUBSCRIPTION_MESSAGES.cancelFailed });
    } finally {
      setIsCancelOpen(false);
    }
  }

  async function doReactivate(): Promise<void> {
    try {
      await reactivate.mutateAsync(undefined);
      toast.success(SUBSCRIPTION_MESSAGES.reactivated);
    } catch (error) {
      toast.error(getErrorMessage(error), { title: SUBSCRIPTION_MESSAGES.reactivateFailed });
    }
  }

  return (
    <div className="space-y-6">
      {checkout === "success" ? (
        <Alert variant="success">{SUBSCRIPTION_MESSAGES.checkoutSucceeded}</Alert>
      ) : null}
      {checkout === "cancelled" ? (
        <Alert variant="warning">{SUBSCRIPTION_MESSAGES.checkoutCancelled}</Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Aktueller Plan</CardTitle>
            <CardDescription>Preise zzgl. USt., monatlich im Voraus.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-2xl font-bold text-slate-900" data-testid="current-plan">
                {plan.name}
              </p>
              <Badge
                variant={
                  subscription.status === "canceled" || subscription.isTrialExpired
                    ? "danger"
                    : subscription.cancelAtPeriodEnd
                      ? "warning"
                      : "success"
                }
                data-testid="subscription-status"
              >
                {describeSubscriptionStatus(subscription)}
              </Badge>
            </div>
            <p className="text-lg font-semibold text-slate-800">
              {formatPlanPrice(subscription.plan)}
            </p>
            <p className="text-sm text-slate-600">
              <TermText data={data} />
            </p>
          </CardContent>
          {canCancel || canReactivate ? (
            <CardFooter className="justify-start">
              {canCancel ? (
                <Button variant="outline" onClick={() => setIsCancelOpen(true)}>
                  Abonnement kündigen
                </Button>
              ) : null}
              {canReactivate ? (
                <Button
                  onClick={() => void doReactivate()}
                  isBusy={reactivate.isPending}
                  busyText="Reaktiviere..."
                >
                  Abonnement reaktivieren
                </Button>
              ) : null}
            </CardFooter>
          ) : null}
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Nutzung</CardTitle>
            <CardDescription>Ihr Bestand im Verhältnis zu den Grenzen des Plans.</CardDescription>
          </CardHeader>
          <CardContent>
            <UsageBars rows={rows} />
          </CardContent>
        </Card>
      </div>

      {isUpgradePromptDue(data) && subscription.plan !== "enterprise_plus" ? (
        <Alert variant="warning" title="Zeit für ein Upgrade?">
          Sie nutzen mehr als 80 % einer Grenze Ihres Plans. Wählen Sie unten einen größeren Plan,
          damit Sie weiter anlegen können.
        </Alert>
      ) : null}

      {subscription.plan === "enterprise_plus" ? null : (
        <section className="space-y-4" aria-labelledby="plans-heading">
          <div>
            <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
              Verfügbare Pläne
            </h2>
            <p className="text-sm text-slate-600">
              {isStripe
                ? "Sie bezahlen sicher über Stripe; der Plan wechselt, sobald die Zahlung bestätigt ist."
                : "Der Wechsel gilt sofort; gezahlt wird monatlich im Voraus."}
            </p>
          </div>
          <PlanCards
            currentPlan={subscription.plan}
            isCurrentRunning={isRunning}
            onChoose={setChosenPlan}
            pendingPlan={changePlan.isPending ? chosenPlan : null}
          />
          <p className="text-sm text-slate-600">
            Mehr als 50 Wohneinheiten, White Label oder On-Premise?{" "}
            <Link to="/#contact" className={buttonStyles({ variant: "link" })}>
              Enterprise+ anfragen
            </Link>
          </p>
        </section>
      )}

      <ConfirmDialog
        isOpen={chosenPlan !== null}
        onOpenChange={(open) => (open ? undefined : setChosenPlan(null))}
        title="Plan wechseln"
        description={
          chosenPlan
            ? `Möchten Sie zum Plan ${PLANS[chosenPlan].name} (${formatPlanPrice(chosenPlan)} zzgl. USt.) wechseln? ${isStripe ? "Sie werden zur Zahlung an Stripe weitergeleitet." : "Der Wechsel gilt sofort."}`
            : ""
        }
        confirmLabel="Plan wechseln"
        busyLabel="Wechsle..."
        isBusy={changePlan.isPending}
        onConfirm={confirmPlanChange}
      />
      <ConfirmDialog
        isOpen={isCancelOpen}
        onOpenChange={setIsCancelOpen}
        title="Abonnement kündigen"
        description={`${SUBSCRIPTION_MESSAGES.cancelConfirmation} Es läuft bis zum ${formatDate(subscription.currentPeriodEnd)} weiter.`}
        confirmLabel="Kündigen"
        busyLabel="Kündige..."
        isDestructive
        isBusy={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </div>
  );
}

export function SubscriptionTab() {
  const query = useSubscription();
  if (query.isPending) return <LoadingState text="Lade Abonnement..." />;
  if (query.isError) {
    return (
      <Alert
        variant="error"
        title="Abonnement konnte nicht geladen werden"
        action={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        }
      >
        {getErrorMessage(query.error)}
      </Alert>
    );
  }
  return <SubscriptionView data={query.data} />;
}
