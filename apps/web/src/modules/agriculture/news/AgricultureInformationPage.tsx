import { useShell } from '../../../shell/ShellContext';
import { NewsBoard } from './NewsBoard';

/** /web/agriculture/information (also spelled infomation): the same news inside the console shell. */
export function AgricultureInformationPage() {
  const { tenantId } = useShell();
  return <NewsBoard scope={{ tenantId, signedIn: true }} />;
}
