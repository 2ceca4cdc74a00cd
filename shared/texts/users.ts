export const usersTexts = {
  notOwnAccount: 'You can only change your own account',
  emailNotYours: 'Email does not match your account',
  notFound: 'User not found',
} as const;
