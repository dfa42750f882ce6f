/**
 * The rows every new environment starts with, as the reference makes them: the automatic `New Session` action
 * class and the default contact attribute keys (`userId` and `email` unique). Storage writes them with the
 * project; an import's dry run into an environment it would make counts them as there, as the run finds them.
 */
export const NEW_ENVIRONMENT_ROWS = {
  actionClasses: [{ name: 'New Session', description: 'Gets fired when a new session is created', type: 'automatic' }],
  contactAttributeKeys: [
    { key: 'userId', name: 'User Id', isUnique: true },
    { key: 'email', name: 'Email', isUnique: true },
    { key: 'firstName', name: 'First Name', isUnique: false },
    { key: 'lastName', name: 'Last Name', isUnique: false },
  ],
} as const
