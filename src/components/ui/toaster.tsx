import type { ComponentProps } from "react";
import { Toaster as Sonner } from "sonner";

export function Toaster(props: ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      toastOptions={{ className: "font-sans" }}
      {...props}
    />
  );
}
