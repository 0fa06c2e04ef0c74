import { parseArgs } from 'node:util';
import {
  categoryValue,
  ErrorCode,
  emailField,
  FREQUENCY_TYPES,
  PRODUCT_CATEGORY_VALUES,
  passwordField,
} from '@qbank/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Config, loadConfig } from './config';
import { type Db, openDatabase } from './db/client';
import { billingPlans, products, users } from './db/schema';
import { demoAccounts, existingDemoAccounts, seedDemo } from './db/seed';
import type { Payments } from './infra/payments';
import { localPayments } from './infra/payments-local';
import { stripePayments } from './infra/payments-stripe';
import { AppError } from './lib/app-error';
import { hashPassword } from './lib/passwords';
import { parseInput } from './lib/route';

const help = `QBank Cloud operator commands: npm run qbank -- <command> [options]

  migrate                               apply database migrations
  seed-demo                             seed the demo accounts and QBanks into an empty database
  create-user --email E --password P [--first-name F] [--last-name L] [--superuser]
                                        create a verified user (or make an existing one superuser)
  create-product --name N [--category C] [--price-cents 4900 [--frequency MONTHLY] [--auto-renew]]
                                        create a QBank (category: a store category such as PHYSICIAN,
                                        NURSING or ACCOUNTING; SPECIAL when left out), optionally with
                                        one public billing plan (MONTHLY when no --frequency is given); a
                                        paid plan's price is made at the configured payment provider
                                        (Stripe with STRIPE_SECRET_KEY, else the built-in test checkout)
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
      'auto-renew': { type: 'boolean' },
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
        const seeded = await seedDemo(
          db,
          config.stripeSecretKey ? { createPrice: (s) => checkoutProvider(config, db).createPrice(s) } : {},
        );
        const present = seeded ? demoAccounts : await existingDemoAccounts(db);
        console.log(
          seeded
            ? 'Demo data seeded. Demo accounts:'
            : `The database is not empty; nothing seeded.${present.length ? ' Demo accounts seeded earlier:' : ''}`,
        );
        for (const a of present) console.log(`  ${a.email.padEnd(22)} ${a.password.padEnd(16)} ${a.role}`);
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
        const input = parseInput(
          z.object({
            name: z.string({ error: '--name is required' }).trim().min(1, { error: '--name is required' }),
            category: z
              .string()
              .transform(categoryValue)
              .pipe(
                z.enum(PRODUCT_CATEGORY_VALUES, {
                  error: `--category must be one of ${PRODUCT_CATEGORY_VALUES.join(', ')}`,
                }),
              ),
          }),
          { name: values.name, category: values.category ?? 'SPECIAL' },
          'body',
        );
        const plan = values['price-cents'] === undefined ? null : planInput(values);
        // A paid plan needs a price at the configured provider (Stripe, or the embedded test checkout), made
        // before anything is written: a refused price leaves no QBank without its plan behind.
        const priceId =
          plan && plan.priceCents > 0
            ? await checkoutProvider(config, db).createPrice({
                productName: input.name,
                planName: plan.planName,
                amountCents: plan.priceCents,
                frequencyType: plan.frequency,
                recurring: plan.autoRenew,
              })
            : null;
        const productId = await db.transaction(async (tx) => {
          const [p] = await tx
            .insert(products)
            .values({ name: input.name, productCategory: input.category })
            .returning({ id: products.id });
          if (plan)
            await tx.insert(billingPlans).values({
              productId: p!.id,
              planName: plan.planName,
              priceCents: plan.priceCents,
              frequencyType: plan.frequency,
              autoRenewForSubscription: plan.autoRenew,
              stripePriceId: priceId,
            });
          return p!.id;
        });
        console.log(
          `Created QBank "${input.name}" (${productId}, ${input.category})${
            plan
              ? ` with the plan "${plan.planName}"${priceId ? ` (${config.stripeSecretKey ? 'Stripe' : 'test checkout'} price ${priceId})` : ''}`
              : ''
          }.`,
        );
        break;
      }
      default:
        throw new AppError(ErrorCode.VALIDATION, `Unknown command "${command}". Run: npm run qbank -- help`);
    }
  } finally {
    await database.close();
  }
}

/** The one public plan of create-product, checked before anything is made. */
function planInput(values: { 'price-cents'?: string; frequency?: string; 'auto-renew'?: boolean }) {
  const plan = parseInput(
    z.object({
      priceCents: z.coerce
        .number({ error: '--price-cents must be a whole number of cents' })
        .int({ error: '--price-cents must be a whole number of cents' })
        .min(0, { error: '--price-cents must be a whole number of cents' }),
      frequency: z.enum(FREQUENCY_TYPES, {
        error: `--frequency must be one of ${FREQUENCY_TYPES.join(', ')}`,
      }),
      autoRenew: z.boolean(),
    }),
    {
      priceCents: values['price-cents'],
      frequency: (values.frequency ?? 'MONTHLY').toUpperCase(),
      autoRenew: values['auto-renew'] ?? false,
    },
    'body',
  );
  if (plan.autoRenew && (plan.priceCents === 0 || plan.frequency === 'INDEFINITE'))
    throw new AppError(
      ErrorCode.VALIDATION,
      '--auto-renew needs a paid plan with a MONTHLY, QUARTERLY, HALF_YEARLY or YEARLY --frequency',
      'autoRenew',
    );
  const planName =
    plan.frequency === 'INDEFINITE' ? 'Lifetime access' : plan.frequency.toLowerCase().replace('_', '-');
  return { ...plan, planName };
}

/**
 * The payment provider the server is configured with, for making prices: Stripe when STRIPE_SECRET_KEY is set,
 * else the embedded test checkout (whose prices need neither its job queue nor the server's webhook endpoint).
 */
function checkoutProvider(config: Config, db: Db): Payments {
  if (config.stripeSecretKey)
    return stripePayments({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret! });
  const serverOnly = (): never => {
    throw new Error('The command line does not run checkouts; the server does');
  };
  return localPayments({ db, publicUrl: config.publicUrl, jobs: serverOnly, deliver: serverOnly });
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
