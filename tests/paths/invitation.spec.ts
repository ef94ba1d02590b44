import { driver } from './invitation.driver'
import { drivePaths } from './runner'

drivePaths(driver)
