/** The platform's own name and addresses, used in texts, mails and page titles. */
export const Brand = {
  name: 'QBank Cloud',
  product: 'QBank',
  domain: 'qbankcloud.com',
  supportEmail: 'support@qbankcloud.com',
} as const;
