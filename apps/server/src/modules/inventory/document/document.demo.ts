export const seedInventoryDocuments = async (): Promise<void> => {};
