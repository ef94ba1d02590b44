import { driver } from './onboardingGate.driver'
import { drivePaths } from './runner'

drivePaths(driver)
