/** The 404 page's title and text, kept word for word as the venue asked: the page any unknown address shows. */
export const notFoundPage = {
  title: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
} as const;
