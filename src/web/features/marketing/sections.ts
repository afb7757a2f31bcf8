// Ids of the landing page's sections, shared by the sections themselves and the links to them.
export const sectionIds = {
  features: "features",
  pricing: "pricing",
  testimonials: "testimonials",
} as const;

export const sectionLinks = [
  { label: "Features", href: `#${sectionIds.features}` },
  { label: "Pricing", href: `#${sectionIds.pricing}` },
  { label: "Testimonials", href: `#${sectionIds.testimonials}` },
] as const;
