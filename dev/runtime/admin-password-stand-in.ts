// The staff password: ADMIN_PASSWORD when set, else the one kept in .data/local-admin.json (generated
// on first start and shown on the ready line). Private runs never read or write .data/: a throw-away
// password unless ADMIN_PASSWORD is set.
import { generatePassword, getAdminPassword } from '../admin-password';
import type { RunningStandIn, StandIn } from './stand-ins';

export const adminPassword: StandIn = {
  name: 'the admin password',
  async start(context): Promise<RunningStandIn> {
    if (context.private && !process.env['ADMIN_PASSWORD']) {
      const password = generatePassword();
      return { env: { ADMIN_PASSWORD: password }, readyPhrase: `admin password: ${password}` };
    }
    const admin = await getAdminPassword();
    return {
      env: { ADMIN_PASSWORD: admin.password },
      readyPhrase: admin.generated ? `admin password: ${admin.password}` : 'admin password from ADMIN_PASSWORD',
    };
  },
};
