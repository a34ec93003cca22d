import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import type { BrandColor } from '@/lib/brand-colors';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { useChangeEmployerColour } from '../api/update-employer';
import { BrandColorPicker } from './brand-color-picker';

type ChangeColoursDialogProps = {
  employer: Employer | undefined;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** Picks the employer's colour; applying shows it everywhere at once and saves in the background. */
export function ChangeColoursDialog({
  employer,
  onOpenChange,
  onCloseAutoFocus,
}: ChangeColoursDialogProps) {
  const changeColour = useChangeEmployerColour({
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to update employer. Please try again.',
        variant: 'destructive',
      }),
  });
  return (
    <Dialog open={employer !== undefined} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} className="sm:max-w-md">
        {employer ? (
          <ColourChoice
            employer={employer}
            onApply={(brandColor) => {
              if (brandColor !== employer.brandColor)
                changeColour.mutate({ id: employer.id, brandColor });
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ColourChoice({
  employer,
  onApply,
}: {
  employer: Employer;
  onApply: (color: BrandColor) => void;
}) {
  const [color, setColor] = useState<BrandColor>(employer.brandColor);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(color);
      }}
    >
      <DialogHeader>
        <DialogTitle>Change Colours</DialogTitle>
        <DialogDescription id="change-colours-description">
          Choose the colour that marks {employer.name} on cards and work logs.
        </DialogDescription>
      </DialogHeader>
      <BrandColorPicker
        id="change-colour"
        value={color}
        onChange={setColor}
        aria-labelledby="change-colours-description"
        className="grid-cols-2"
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit">Apply Colour</Button>
      </DialogFooter>
    </form>
  );
}
