import { carouselPaths } from './carousel.model'
import type { PathModel } from './model'
import { contactReferralPaths } from './contactReferral.model'
import { emailConfirmationPaths } from './emailConfirmation.model'
import { featureTablePaths } from './featureTable.model'
import { onboardingGatePaths } from './onboardingGate.model'
import { reduceMotionPaths } from './reduceMotion.model'
import { setupWizardFinishPaths } from './setupWizardFinish.model'
import { setupWizardStepsPaths } from './setupWizardSteps.model'
import { signupPaths } from './signup.model'
import { ssoProfilePaths } from './ssoProfile.model'

/** Every UI path model; scripts/test-paths.ts prints their table and scripts/paths.test.ts checks them. */
export const PATH_MODELS: PathModel[] = [reduceMotionPaths, featureTablePaths, carouselPaths, contactReferralPaths, signupPaths, onboardingGatePaths, ssoProfilePaths, setupWizardStepsPaths, setupWizardFinishPaths, emailConfirmationPaths]
