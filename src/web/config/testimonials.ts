// Sample testimonials (spec section 2: id, name, role, company, content, rating, plan, initials),
// shown on the landing page and in the upgrade dialog. Illustrative stories, labelled as such where
// they appear: modest claims, no figures we cannot stand behind.
export type Testimonial = {
  id: string;
  name: string;
  role: string;
  company: string;
  content: string;
  /** Stars out of 5. */
  rating: number;
  plan: "pro" | "team";
  initials: string;
};

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: "priya-raman",
    name: "Priya Raman",
    role: "Engineering lead",
    company: "Fernhill Labs",
    content:
      "The timers made our estimates honest. Planning got shorter because we stopped guessing how long things take.",
    rating: 5,
    plan: "team",
    initials: "PR",
  },
  {
    id: "tom-becker",
    name: "Tom Becker",
    role: "Freelance designer",
    company: "Becker Studio",
    content: "I like that it is quiet. One list, one timer, and a nudge when I have been at it too long.",
    rating: 5,
    plan: "pro",
    initials: "TB",
  },
  {
    id: "aisha-okafor",
    name: "Aisha Okafor",
    role: "Operations manager",
    company: "Harbor & Co.",
    content: "A couple of workflow rules replaced the spreadsheet we used to update by hand every Friday.",
    rating: 5,
    plan: "team",
    initials: "AO",
  },
];
