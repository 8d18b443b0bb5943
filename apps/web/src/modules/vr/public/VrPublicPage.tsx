// Placeholder replaced in this session's issue 17 work.
export const VrPublicPage = () => null;
