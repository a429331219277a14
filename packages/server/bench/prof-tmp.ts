import autocannon from 'autocannon';
import { seedUsers } from './seed.js';
const url = process.argv[2]!;
const seeded = await seedUsers(url, 50);
let next = 0;
const r = await autocannon({
  url,
  connections: 50,
  duration: 10,
  requests: [
    {
      method: 'GET',
      path: '/user/me',
      setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${seeded.accessTokens[next++ % 50]}` } }),
    },
  ],
});
console.log(r.requests.average);
