import { driver } from './ssoProfile.driver'
import { drivePaths } from './runner'

drivePaths(driver)
