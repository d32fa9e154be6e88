import { useId } from 'react';
import { toast } from 'sonner';
import { Label } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useSetUseMemory } from '../api/set-use-memory';

/** A consultation's "Use memory" switch: off, its answers neither use nor add to what Vidvisor knows. */
export function UseMemorySwitch({
  chatId,
  useMemory,
  onSaved,
}: {
  chatId: string;
  useMemory: boolean;
  onSaved: () => void;
}) {
  const id = useId();
  const save = useSetUseMemory(onSaved);
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={save.isPending ? save.variables.useMemory : useMemory}
        disabled={save.isPending}
        onCheckedChange={(on) =>
          save.mutate(
            { chatId, useMemory: on },
            { onError: () => toast.error('Could not save the memory setting. Please try again.') },
          )
        }
      />
      <Label htmlFor={id}>Use memory</Label>
    </div>
  );
}
