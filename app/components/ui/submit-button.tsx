import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

/** A form's submit button, disabled while a submission is on its way (it works without JavaScript too). */
export function SubmitButton({ className = "button", ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const navigation = useNavigation();
  return <button type="submit" className={className} disabled={navigation.state === "submitting"} {...props} />;
}
