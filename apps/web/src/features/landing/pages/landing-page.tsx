import { Co2Section } from "../components/co2-section";
import { ContactSection } from "../components/contact-section";
import { FaqSection } from "../components/faq-section";
import { FeaturesSection } from "../components/features-section";
import { HeroSection } from "../components/hero-section";
import { HowItWorksSection } from "../components/how-it-works-section";
import { LandingFooter } from "../components/landing-footer";
import { LandingNav } from "../components/landing-nav";
import { PricingSection } from "../components/pricing-section";

export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <title>Nebenkosten – Nebenkostenabrechnung für Vermieter in unter 5 Minuten</title>
      <LandingNav />
      <main>
        <HeroSection />
        <FeaturesSection />
        <HowItWorksSection />
        <Co2Section />
        <PricingSection />
        <FaqSection />
        <ContactSection />
      </main>
      <LandingFooter />
    </div>
  );
}
