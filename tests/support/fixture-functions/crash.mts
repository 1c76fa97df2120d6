// Fails before answering; it has no path, so it answers at /.netlify/functions/crash.
export default async () => {
  throw new Error('secret internal detail');
};
