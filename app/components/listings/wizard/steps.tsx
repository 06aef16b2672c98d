// The form of each simple wizard step, by the step's name in the URL.
import type { StepFormProps } from "./step-form";
import { AddressForm } from "./address-step";
import { AmenitiesForm } from "./amenities-step";
import { CalendarLinksForm } from "./calendar-links-step";
import { CancellationForm } from "./cancellation-step";
import { DescriptionForm } from "./description-step";
import { DiscountsForm } from "./discounts-step";
import { EstablishmentInfoForm } from "./establishment-info-step";
import { HouseRulesForm } from "./house-rules-step";
import { PricesForm } from "./prices-step";
import { PropertyTypeForm } from "./property-type-step";
import { TravelTypesForm } from "./travel-types-step";

/** The form of a simple step, by name. */
export function StepForm({ step, ...props }: StepFormProps & { step: string }) {
  switch (step) {
    case "address":
      return <AddressForm {...props} />;
    case "property-type":
      return <PropertyTypeForm {...props} />;
    case "hotel-info":
      return <EstablishmentInfoForm kind="hotel" {...props} />;
    case "guesthouse-info":
      return <EstablishmentInfoForm kind="guesthouse" {...props} />;
    case "description":
      return <DescriptionForm {...props} />;
    case "amenities":
      return <AmenitiesForm {...props} />;
    case "travel-types":
      return <TravelTypesForm {...props} />;
    case "prices":
      return <PricesForm {...props} />;
    case "discounts":
      return <DiscountsForm {...props} />;
    case "cancellation":
      return <CancellationForm {...props} />;
    case "house-rules":
      return <HouseRulesForm {...props} />;
    case "calendar-links":
      return <CalendarLinksForm {...props} />;
    default:
      return null;
  }
}
