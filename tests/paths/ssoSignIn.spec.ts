import { driver } from './ssoSignIn.driver'
import { drivePaths } from './runner'

drivePaths(driver)
