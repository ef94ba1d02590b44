import { driver } from './resendConfirmation.driver'
import { drivePaths } from './runner'

drivePaths(driver)
