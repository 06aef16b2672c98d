// The message length limit, apart from the zod schemas so a component can show it without
// bringing zod into the browser (issue 18 point 3).
export const MESSAGE_MAX = 2000;
