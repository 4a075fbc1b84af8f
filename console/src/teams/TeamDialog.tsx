import { useMemo } from 'react';
import { Box } from '@mui/material';
import { MAX_TEAM_ABSENT, teamTexts, type TeamRecord } from '@teamfolk/shared/contracts';
import {
  AutocompleteArrayInput,
  NumberInput,
  ReferenceArrayInput,
  required,
  TextInput,
  useCreate,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { formGridSx, FormDialog } from '../layout/FormDialog';
import { submissionError } from '../providers/apiError';
import {
  newTeamDefaults,
  teamFormValuesOf,
  toTeamPayload,
  type TeamFieldErrors,
  type TeamFormValues,
} from './teamForm';

const validateName = [required()];

interface TeamDialogProps {
  /** The team to edit; none to create one. */
  team?: TeamRecord;
  onClose: () => void;
}

/** POST /teams or PUT /teams/:id: a name, the approvers (employees) and an optional cap. */
export function TeamDialog({ team, onClose }: TeamDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate<TeamRecord>();
  const [update] = useUpdate<TeamRecord>();
  const defaultValues = useMemo(() => (team ? teamFormValuesOf(team) : newTeamDefaults()), [team]);

  async function handleSubmit(values: TeamFormValues): Promise<TeamFieldErrors | undefined> {
    const parsed = toTeamPayload(values);
    if (!parsed.ok) return parsed.errors;
    try {
      if (team) {
        await update(
          'teams',
          { id: team.id, data: parsed.payload, previousData: team },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } else {
        await create('teams', { data: parsed.payload }, { returnPromise: true });
      }
      notify(team ? teamTexts.updated : teamTexts.created, { type: 'success' });
      onClose();
      return undefined;
    } catch (error) {
      const failure = submissionError(error, teamTexts.saveFailed, defaultValues);
      if (failure.onInput) return failure.onInput;
      notify(failure.message, { type: 'error' });
      return undefined;
    }
  }

  return (
    <FormDialog
      title={translate(team ? 'resources.teams.form.editTitle' : 'resources.teams.form.createTitle')}
      subtitle={team?.name}
      submitLabel={translate('resources.teams.form.save')}
      defaultValues={defaultValues}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Box sx={formGridSx}>
        <TextInput source="name" validate={validateName} autoComplete="off" />
        <NumberInput
          source="max_absent"
          min={1}
          max={MAX_TEAM_ABSENT}
          step={1}
          helperText="resources.teams.form.maxAbsentHelp"
        />
        <Box className="wide">
          <ReferenceArrayInput
            source="approver_ids"
            reference="employees"
            sort={{ field: 'name', order: 'ASC' }}
            perPage={1_000}
          >
            <AutocompleteArrayInput
              optionText="name"
              label="resources.teams.fields.approver_ids"
              helperText="resources.teams.form.approversHelp"
            />
          </ReferenceArrayInput>
        </Box>
      </Box>
    </FormDialog>
  );
}
