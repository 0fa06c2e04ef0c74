import { parseArgs } from 'node:util';
import { ErrorCode, emailField, passwordField } from '@qbank/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { billingPlans, products, users } from './db/schema';
import { demoAccounts, seedDemo } from './db/seed';
import { AppError } from './lib/app-error';
import { hashPassword } from './lib/passwords';
import { parseInput } from './lib/route';

const help = `QBank Cloud operator commands: npm run qbank -- <command> [options]

  migrate                               apply database migrations
  seed-demo                             seed the demo accounts and QBanks into an empty database
  create-user --email E --password P [--first-name F] [--last-name L] [--superuser]
                                        create a verified user (or make an existing one superuser)
  create-product --name N [--category C] [--price-cents 4900 --frequency MONTHLY]
                                        create a QBank, optionally with one public billing plan
  help                                  show this text

The database is the one the server uses: DATABASE_URL, or the embedded one under DATA_DIR.`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(help);
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      superuser: { type: 'boolean', default: false },
      name: { type: 'string' },
      category: { type: 'string' },
      'price-cents': { type: 'string' },
      frequency: { type: 'string' },
    },
    strict: true,
  });
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { db } = database;
    switch (command) {
      case 'migrate':
        console.log('Migrations applied.');
        break;
      case 'seed-demo': {
        const seeded = await seedDemo(db);
        console.log(
          seeded
            ? 'Demo data seeded. Demo accounts:'
            : 'The database is not empty; nothing seeded. Demo accounts, if seeded earlier:',
        );
        for (const a of demoAccounts)
          console.log(`  ${a.email.padEnd(22)} ${a.password.padEnd(16)} ${a.role}`);
        break;
      }
      case 'create-user': {
        const input = parseInput(
          z.object({ email: emailField('--email'), password: passwordField('--password') }),
          { email: values.email, password: values.password },
          'body',
        );
        const [existing] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
        const passwordHash = await hashPassword(input.password);
        if (existing) {
          await db
            .update(users)
            .set({
              passwordHash,
              emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
              superuser: values.superuser || existing.superuser,
            })
            .where(eq(users.id, existing.id));
          console.log(`Updated ${input.email}${values.superuser ? ' (superuser)' : ''}.`);
        } else {
          await db.insert(users).values({
            email: input.email,
            firstName: values['first-name'] ?? 'Admin',
            lastName: values['last-name'] ?? 'User',
            passwordHash,
            emailVerifiedAt: new Date(),
            superuser: values.superuser,
          });
          console.log(`Created ${input.email}${values.superuser ? ' (superuser)' : ''}.`);
        }
        break;
      }
      case 'create-product': {
        if (!values.name?.trim()) throw new AppError(ErrorCode.VALIDATION, '--name is required', 'name');
        const [p] = await db
          .insert(products)
          .values({ name: values.name.trim(), productCategory: (values.category ?? 'SPECIAL').toUpperCase() })
          .returning({ id: products.id });
        if (values['price-cents'] !== undefined) {
          const plan = parseInput(
            z.object({
              priceCents: z.coerce.number({ error: '--price-cents must be a whole number' }).int().min(0),
              frequency: z.enum(['MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY', 'INDEFINITE'], {
                error: '--frequency must be MONTHLY, QUARTERLY, HALF_YEARLY, YEARLY or INDEFINITE',
              }),
            }),
            { priceCents: values['price-cents'], frequency: (values.frequency ?? 'MONTHLY').toUpperCase() },
            'body',
          );
          await db.insert(billingPlans).values({
            productId: p!.id,
            planName:
              plan.frequency === 'INDEFINITE'
                ? 'Lifetime access'
                : plan.frequency.toLowerCase().replace('_', '-'),
            priceCents: plan.priceCents,
            frequencyType: plan.frequency,
            stripePriceId: plan.priceCents > 0 ? `price_local_${p!.id.slice(0, 8)}` : null,
          });
        }
        console.log(`Created QBank "${values.name.trim()}" (${p!.id}).`);
        break;
      }
      default:
        throw new AppError(ErrorCode.VALIDATION, `Unknown command "${command}". Run: npm run qbank -- help`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
