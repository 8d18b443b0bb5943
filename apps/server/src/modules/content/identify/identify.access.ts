// Who may do what (issue 19 item 6): the page code reads the history and the knowledge base, the run code
// identifies, the knowledge code edits the tenant's entries.
export const IDENTIFY_ACCESS = {
  view: 'wfpf.farm.agriculture.identify',
  run: 'wfpf.farm.agriculture.identify.ps.run',
  knowledge: 'wfpf.farm.agriculture.identify.ps.knowledge',
} as const;
