// Answers with what the platform handed it: the request and the parts of the context the site reads.
import type { Config, Context } from '@netlify/functions';

export default async (request: Request, context: Context) =>
  Response.json(
    {
      url: request.url,
      method: request.method,
      ip: context.ip,
      params: context.params,
      requestId: context.requestId,
      header: request.headers.get('x-nf-client-connection-ip'),
      requestIdHeader: request.headers.get('x-nf-request-id'),
      bodyBase64: Buffer.from(await request.arrayBuffer()).toString('base64'),
    },
    { headers: [['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Path=/']] },
  );

export const config: Config = { path: ['/fixture/echo', '/fixture/echo/:id'], method: ['GET', 'POST'] };
