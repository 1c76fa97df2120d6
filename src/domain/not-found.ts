/** The 404 page of the spec (section 2, "Shared behaviour"), word for word. */
export const notFoundPage = {
  title: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
} as const;
