import { driver } from './signup.driver'
import { drivePaths } from './runner'

drivePaths(driver)
