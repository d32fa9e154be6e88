import type { FieldPath } from 'react-hook-form';
import type { BusinessProfileInput } from '../../../../shared/schemas/profile';

export interface WizardField {
  name: FieldPath<BusinessProfileInput>;
  label: string;
  placeholder?: string;
  multiline?: boolean;
  optional?: boolean;
}

/** The wizard's four steps and their fields, in the spec's order (validation: spec section 5). */
export const WIZARD_STEPS: { title: string; fields: WizardField[] }[] = [
  {
    title: 'Personal Information',
    fields: [
      { name: 'firstName', label: 'First Name' },
      { name: 'lastName', label: 'Last Name' },
    ],
  },
  {
    title: 'Business Information',
    fields: [
      { name: 'businessName', label: 'Business Name', placeholder: 'Your business or brand' },
      { name: 'industry', label: 'Industry', placeholder: 'e.g. Ecommerce, SaaS, Agency' },
      {
        name: 'productsServices',
        label: 'Products/Services',
        placeholder: 'What do you sell?',
        multiline: true,
      },
      {
        name: 'elevatorPitch',
        label: 'Elevator Pitch',
        placeholder: 'Your business in one or two sentences',
        multiline: true,
      },
    ],
  },
  {
    title: 'Market Information',
    fields: [
      {
        name: 'targetMarket.demographics',
        label: 'Target Demographics',
        placeholder: 'Age, gender, location',
      },
      {
        name: 'targetMarket.psychographics',
        label: 'Target Psychographics',
        placeholder: 'Interests, values, lifestyle',
      },
      {
        name: 'problemsAddressed',
        label: 'Problems Addressed',
        placeholder: 'Which problems do you solve for your customers?',
        multiline: true,
      },
      {
        name: 'usp',
        label: 'Unique Selling Proposition',
        placeholder: 'Why customers choose you over the alternatives',
        multiline: true,
      },
    ],
  },
  {
    title: 'Goals and Challenges',
    fields: [
      {
        name: 'businessGoals.shortTerm',
        label: 'Short-term Goals (6-12 months)',
        placeholder: 'Where do you want to be in 6-12 months?',
        multiline: true,
      },
      {
        name: 'businessGoals.longTerm',
        label: 'Long-term Goals (1-5 years)',
        placeholder: 'Where do you want to be in 1-5 years?',
        multiline: true,
      },
      {
        name: 'currentChallenges',
        label: 'Current Challenges',
        placeholder: 'What is holding you back right now?',
        multiline: true,
      },
      {
        name: 'additionalDetails',
        label: 'Additional Details (optional)',
        placeholder: 'Anything else the consultant should know',
        multiline: true,
        optional: true,
      },
    ],
  },
];
