import { driver } from './setupWizard.driver'
import { drivePaths } from './runner'

drivePaths(driver)
