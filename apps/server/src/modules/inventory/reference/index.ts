export {
  type ReferenceCheck,
  type ReferenceKind,
  referencesTo,
  registerReferenceCheck,
} from './reference.registry.js';
