import { driver } from './emailConfirmation.driver'
import { drivePaths } from './runner'

drivePaths(driver)
